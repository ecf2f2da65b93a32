package io.github.amdisa.isaxml.load;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.amdisa.isaxml.model.Encoding;
import io.github.amdisa.isaxml.model.EncodingCondition;
import io.github.amdisa.isaxml.model.Field;
import io.github.amdisa.isaxml.model.Instruction;
import io.github.amdisa.isaxml.model.IsaSpec;
import io.github.amdisa.isaxml.model.expr.Expr;
import io.github.amdisa.isaxml.model.expr.ExprEvaluator;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed specs: each test edits {@link #MINI}, a small valid spec in AMD's shape, in one place and checks the
 * exact problem kind, its severity, and that its line and column point at the offending element (the loader
 * reports an element's position as the line of its start tag and the column just after that tag's {@code >}).
 */
class MalformedSpecTest {

    private static final String FILE = "mini.xml";

    /**
     * A compact but complete spec in the layout of AMD's 1.1.1 files: two encodings (32-bit SOP1 and 64-bit VOP3
     * with AMD's real field layout), identifiers under a mask, condition trees, three instructions (one with two
     * condition variants), data formats, register and partitioned operand types, and functional groups.
     */
    static final String MINI = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Spec>
                <Document>
                    <Copyright>Test data for amdisa, written for this test; not an AMD release.</Copyright>
                    <Sensitivity>Public.</Sensitivity>
                    <License>MIT</License>
                    <ReleaseDate>2026-02-20</ReleaseDate>
                    <SchemaVersion>1.1.1</SchemaVersion>
                </Document>
                <ISA>
                    <Architecture>
                        <ArchitectureName>AMD RDNA 3</ArchitectureName>
                        <ArchitectureId>8</ArchitectureId>
                    </Architecture>
                    <Encodings>
                        <Encoding Order="-1">
                            <EncodingName>ENC_SOP1</EncodingName>
                            <BitCount>32</BitCount>
                            <EncodingIdentifierMask Radix="2">11111111100000001111111100000000</EncodingIdentifierMask>
                            <EncodingIdentifiers>
                                <EncodingIdentifier Radix="2">10111110100000000000000000000000</EncodingIdentifier>
                                <EncodingIdentifier Radix="2">10111110100000000000000100000000</EncodingIdentifier>
                            </EncodingIdentifiers>
                            <EncodingConditions>
                                <EncodingCondition>
                                    <ConditionName>default</ConditionName>
                                    <CondtionExpression>
                                        <op type="!=">
                                            <op type=".fieldderef">
                                                <op type=".fieldderef">
                                                    <id val="INST"/>
                                                    <id val="SOP1"/>
                                                </op>
                                                <id val="SSRC0"/>
                                                <ty>
                                                    <t base="I" size="32"/>
                                                </ty>
                                            </op>
                                            <lit val="255"/>
                                            <ty>
                                                <t base="U" size="1"/>
                                            </ty>
                                        </op>
                                    </CondtionExpression>
                                </EncodingCondition>
                            </EncodingConditions>
                            <Description>Scalar ALU operations with one source and one destination.</Description>
                            <MicrocodeFormat>
                                <BitMap>
                                    <Field IsConditional="false">
                                        <FieldName>SSRC0</FieldName>
                                        <Description>Source 0.</Description>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>8</BitCount>
                                                <BitOffset>0</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>OP</FieldName>
                                        <Description>Opcode.</Description>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>8</BitCount>
                                                <BitOffset>8</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>SDST</FieldName>
                                        <Description>Scalar destination.</Description>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>7</BitCount>
                                                <BitOffset>16</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>ENCODING</FieldName>
                                        <Description>Must be 0b101111101.</Description>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>9</BitCount>
                                                <BitOffset>23</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                </BitMap>
                            </MicrocodeFormat>
                        </Encoding>
                        <Encoding Order="8">
                            <EncodingName>ENC_VOP3</EncodingName>
                            <BitCount>64</BitCount>
                            <EncodingIdentifierMask Radix="2">0000000000000000000000000000000011111111111111110000000000000000</EncodingIdentifierMask>
                            <EncodingIdentifiers>
                                <EncodingIdentifier Radix="2">0000000000000000000000000000000011010110000100010000000000000000</EncodingIdentifier>
                                <EncodingIdentifier Radix="2">0000000000000000000000000000000011010110000100100000000000000000</EncodingIdentifier>
                            </EncodingIdentifiers>
                            <EncodingConditions>
                                <EncodingCondition>
                                    <ConditionName>default</ConditionName>
                                    <CondtionExpression>
                                        <op type="&amp;&amp;">
                                            <op type=".notwithin">
                                                <op type=".fieldderef">
                                                    <op type=".fieldderef">
                                                        <id val="INST"/>
                                                        <id val="VOP3"/>
                                                    </op>
                                                    <id val="SRC0"/>
                                                </op>
                                                <op type=".cons_array">
                                                    <lit val="250"/>
                                                    <lit val="255"/>
                                                </op>
                                            </op>
                                            <op type="!=">
                                                <op type=".fieldderef">
                                                    <op type=".fieldderef">
                                                        <id val="INST"/>
                                                        <id val="VOP3"/>
                                                    </op>
                                                    <id val="SRC1"/>
                                                </op>
                                                <lit val="255"/>
                                            </op>
                                        </op>
                                    </CondtionExpression>
                                </EncodingCondition>
                                <EncodingCondition>
                                    <ConditionName>has_lit_0</ConditionName>
                                    <CondtionExpression>
                                        <op type="==">
                                            <op type=".fieldderef">
                                                <op type=".fieldderef">
                                                    <id val="INST"/>
                                                    <id val="VOP3"/>
                                                </op>
                                                <id val="SRC0"/>
                                            </op>
                                            <lit val="255"/>
                                        </op>
                                    </CondtionExpression>
                                </EncodingCondition>
                            </EncodingConditions>
                            <Description>Vector ALU operations requiring three sources or modifiers.</Description>
                            <MicrocodeFormat>
                                <BitMap>
                                    <Field IsConditional="false">
                                        <FieldName>VDST</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>8</BitCount>
                                                <BitOffset>0</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>ABS</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>3</BitCount>
                                                <BitOffset>8</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>OPSEL</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>4</BitCount>
                                                <BitOffset>11</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>CLAMP</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>1</BitCount>
                                                <BitOffset>15</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>OP</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>10</BitCount>
                                                <BitOffset>16</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>ENCODING</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>6</BitCount>
                                                <BitOffset>26</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>SRC0</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>9</BitCount>
                                                <BitOffset>32</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>SRC1</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>9</BitCount>
                                                <BitOffset>41</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>SRC2</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>9</BitCount>
                                                <BitOffset>50</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>OMOD</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>2</BitCount>
                                                <BitOffset>59</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>NEG</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>3</BitCount>
                                                <BitOffset>61</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                </BitMap>
                            </MicrocodeFormat>
                        </Encoding>
                    </Encodings>
                    <Instructions>
                        <Instruction>
                            <InstructionFlags>
                                <IsBranch>FALSE</IsBranch>
                                <IsConditionalBranch>FALSE</IsConditionalBranch>
                                <IsIndirectBranch>FALSE</IsIndirectBranch>
                                <IsProgramTerminator>FALSE</IsProgramTerminator>
                                <IsImmediatelyExecuted>FALSE</IsImmediatelyExecuted>
                            </InstructionFlags>
                            <InstructionName>S_MOV_B32</InstructionName>
                            <Description>Move scalar input into a scalar register.</Description>
                            <InstructionEncodings>
                                <InstructionEncoding>
                                    <EncodingName>ENC_SOP1</EncodingName>
                                    <EncodingCondition>default</EncodingCondition>
                                    <Opcode Radix="10">0</Opcode>
                                    <Operands>
                                        <Operand Input="false" Output="true" IsImplicit="false" IsBinaryMicrocodeRequired="true" Order="1">
                                            <FieldName>SDST</FieldName>
                                            <DataFormatName>FMT_NUM_B32</DataFormatName>
                                            <OperandType>OPR_SDST</OperandType>
                                            <OperandSize>32</OperandSize>
                                        </Operand>
                                        <Operand Input="true" Output="false" IsImplicit="false" IsBinaryMicrocodeRequired="true" Order="2">
                                            <FieldName>SSRC0</FieldName>
                                            <DataFormatName>FMT_NUM_B32</DataFormatName>
                                            <OperandType>OPR_SSRC</OperandType>
                                            <OperandSize>32</OperandSize>
                                        </Operand>
                                    </Operands>
                                </InstructionEncoding>
                            </InstructionEncodings>
                            <FunctionalGroup>
                                <Name>SALU</Name>
                                <FunctionalSubgroups>
                                    <Subgroup>NOT_ASSIGNED</Subgroup>
                                </FunctionalSubgroups>
                            </FunctionalGroup>
                        </Instruction>
                        <Instruction>
                            <InstructionFlags>
                                <IsBranch>FALSE</IsBranch>
                                <IsConditionalBranch>FALSE</IsConditionalBranch>
                                <IsIndirectBranch>FALSE</IsIndirectBranch>
                                <IsProgramTerminator>FALSE</IsProgramTerminator>
                                <IsImmediatelyExecuted>FALSE</IsImmediatelyExecuted>
                            </InstructionFlags>
                            <InstructionName>S_MOV_B64</InstructionName>
                            <Description>Move 64-bit scalar input into a scalar register pair.</Description>
                            <InstructionEncodings>
                                <InstructionEncoding>
                                    <EncodingName>ENC_SOP1</EncodingName>
                                    <EncodingCondition>default</EncodingCondition>
                                    <Opcode Radix="10">1</Opcode>
                                    <Operands>
                                        <Operand Input="false" Output="true" IsImplicit="false" IsBinaryMicrocodeRequired="true" Order="1">
                                            <FieldName>SDST</FieldName>
                                            <DataFormatName>FMT_NUM_B64</DataFormatName>
                                            <OperandType>OPR_SDST</OperandType>
                                            <OperandSize>64</OperandSize>
                                        </Operand>
                                        <Operand Input="true" Output="false" IsImplicit="false" IsBinaryMicrocodeRequired="true" Order="2">
                                            <FieldName>SSRC0</FieldName>
                                            <DataFormatName>FMT_NUM_B64</DataFormatName>
                                            <OperandType>OPR_SSRC</OperandType>
                                            <OperandSize>64</OperandSize>
                                        </Operand>
                                    </Operands>
                                </InstructionEncoding>
                            </InstructionEncodings>
                            <FunctionalGroup>
                                <Name>SALU</Name>
                                <FunctionalSubgroups>
                                    <Subgroup>NOT_ASSIGNED</Subgroup>
                                </FunctionalSubgroups>
                            </FunctionalGroup>
                        </Instruction>
                        <Instruction>
                            <InstructionFlags>
                                <IsBranch>FALSE</IsBranch>
                                <IsConditionalBranch>FALSE</IsConditionalBranch>
                                <IsIndirectBranch>FALSE</IsIndirectBranch>
                                <IsProgramTerminator>FALSE</IsProgramTerminator>
                                <IsImmediatelyExecuted>FALSE</IsImmediatelyExecuted>
                            </InstructionFlags>
                            <InstructionName>V_BFE_I32</InstructionName>
                            <Description>Extract a signed bitfield from the first input using field offset from the second input and size from the third input.</Description>
                            <InstructionEncodings>
                                <InstructionEncoding>
                                    <EncodingName>ENC_VOP3</EncodingName>
                                    <EncodingCondition>default</EncodingCondition>
                                    <Opcode Radix="10">529</Opcode>
                                    <Operands>
                                        <Operand Input="false" Output="true" IsImplicit="false" IsBinaryMicrocodeRequired="true" Order="1">
                                            <FieldName>VDST</FieldName>
                                            <DataFormatName>FMT_NUM_I32</DataFormatName>
                                            <OperandType>OPR_VGPR</OperandType>
                                            <OperandSize>32</OperandSize>
                                        </Operand>
                                        <Operand Input="true" Output="false" IsImplicit="false" IsBinaryMicrocodeRequired="true" Order="2">
                                            <FieldName>SRC0</FieldName>
                                            <DataFormatName>FMT_NUM_I32</DataFormatName>
                                            <OperandType>OPR_SRC</OperandType>
                                            <OperandSize>32</OperandSize>
                                        </Operand>
                                        <Operand Input="true" Output="false" IsImplicit="false" IsBinaryMicrocodeRequired="true" Order="3">
                                            <FieldName>SRC1</FieldName>
                                            <DataFormatName>FMT_NUM_U32</DataFormatName>
                                            <OperandType>OPR_SRC</OperandType>
                                            <OperandSize>32</OperandSize>
                                        </Operand>
                                        <Operand Input="true" Output="false" IsImplicit="false" IsBinaryMicrocodeRequired="true" Order="4">
                                            <FieldName>SRC2</FieldName>
                                            <DataFormatName>FMT_NUM_U32</DataFormatName>
                                            <OperandType>OPR_SRC</OperandType>
                                            <OperandSize>32</OperandSize>
                                        </Operand>
                                    </Operands>
                                </InstructionEncoding>
                                <InstructionEncoding>
                                    <EncodingName>ENC_VOP3</EncodingName>
                                    <EncodingCondition>has_lit_0</EncodingCondition>
                                    <Opcode Radix="16">0x211</Opcode>
                                    <Operands>
                                        <Operand Input="false" Output="true" IsImplicit="false" IsBinaryMicrocodeRequired="true" Order="1">
                                            <FieldName>VDST</FieldName>
                                            <DataFormatName>FMT_NUM_I32</DataFormatName>
                                            <OperandType>OPR_VGPR</OperandType>
                                            <OperandSize>32</OperandSize>
                                        </Operand>
                                        <Operand Input="true" Output="false" IsImplicit="false" IsBinaryMicrocodeRequired="true" Order="2">
                                            <FieldName>SRC1</FieldName>
                                            <DataFormatName>FMT_NUM_U32</DataFormatName>
                                            <OperandType>OPR_SRC</OperandType>
                                            <OperandSize>32</OperandSize>
                                        </Operand>
                                    </Operands>
                                </InstructionEncoding>
                            </InstructionEncodings>
                            <FunctionalGroup>
                                <Name>VALU</Name>
                                <FunctionalSubgroups>
                                    <Subgroup>NOT_ASSIGNED</Subgroup>
                                </FunctionalSubgroups>
                            </FunctionalGroup>
                        </Instruction>
                    </Instructions>
                    <DataFormats>
                        <DataFormat>
                            <DataFormatName>FMT_NUM_B32</DataFormatName>
                            <Description>32-bit untyped data.</Description>
                            <DataType>bits</DataType>
                            <BitCount>32</BitCount>
                            <ComponentCount>1</ComponentCount>
                            <DataAttributes>
                                <BitMap Order="0">
                                    <Field Signedness="DoesNotApply">
                                        <FieldName>Bits</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="1">
                                                <BitCount>32</BitCount>
                                                <BitOffset>0</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                </BitMap>
                            </DataAttributes>
                        </DataFormat>
                        <DataFormat>
                            <DataFormatName>FMT_NUM_B64</DataFormatName>
                            <Description>64-bit untyped data.</Description>
                            <DataType>bits</DataType>
                            <BitCount>64</BitCount>
                            <ComponentCount>1</ComponentCount>
                            <DataAttributes>
                                <BitMap Order="0">
                                    <Field Signedness="DoesNotApply">
                                        <FieldName>Bits</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="1">
                                                <BitCount>64</BitCount>
                                                <BitOffset>0</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                </BitMap>
                            </DataAttributes>
                        </DataFormat>
                        <DataFormat>
                            <DataFormatName>FMT_NUM_I32</DataFormatName>
                            <Description>Signed 32-bit integral data.</Description>
                            <DataType>integer</DataType>
                            <BitCount>32</BitCount>
                            <ComponentCount>1</ComponentCount>
                            <DataAttributes>
                                <BitMap Order="0">
                                    <Field Signedness="Signed">
                                        <FieldName>Integer</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="1">
                                                <BitCount>32</BitCount>
                                                <BitOffset>0</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                </BitMap>
                            </DataAttributes>
                        </DataFormat>
                        <DataFormat>
                            <DataFormatName>FMT_NUM_U32</DataFormatName>
                            <Description>Unsigned 32-bit integral data.</Description>
                            <DataType>integer</DataType>
                            <BitCount>32</BitCount>
                            <ComponentCount>1</ComponentCount>
                            <DataAttributes>
                                <BitMap Order="0">
                                    <Field Signedness="Unsigned">
                                        <FieldName>Integer</FieldName>
                                        <BitLayout RangeCount="1">
                                            <Range Order="1">
                                                <BitCount>32</BitCount>
                                                <BitOffset>0</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                </BitMap>
                            </DataAttributes>
                        </DataFormat>
                    </DataFormats>
                    <OperandTypes>
                        <OperandType IsPartitioned="false">
                            <OperandTypeName>OPR_SDST</OperandTypeName>
                            <Description>Scalar destination.</Description>
                            <OperandPredefinedValues>
                                <PredefinedValue>
                                    <Name>s0</Name>
                                    <Description>SGPR 0.</Description>
                                    <Value>0</Value>
                                </PredefinedValue>
                                <PredefinedValue>
                                    <Name>vcc_lo</Name>
                                    <Description>VCC[31:0]</Description>
                                    <Value>106</Value>
                                </PredefinedValue>
                            </OperandPredefinedValues>
                        </OperandType>
                        <OperandType IsPartitioned="false">
                            <OperandTypeName>OPR_SRC</OperandTypeName>
                            <Description>Vector ALU source: SGPR, VGPR, inline constant or literal.</Description>
                            <OperandPredefinedValues>
                                <PredefinedValue>
                                    <Name>literal</Name>
                                    <Description>A 32-bit literal follows the instruction.</Description>
                                    <Value>255</Value>
                                </PredefinedValue>
                                <PredefinedValue>
                                    <Name>v0</Name>
                                    <Description>VGPR 0.</Description>
                                    <Value>256</Value>
                                </PredefinedValue>
                            </OperandPredefinedValues>
                        </OperandType>
                        <OperandType IsPartitioned="false">
                            <OperandTypeName>OPR_SSRC</OperandTypeName>
                            <Description>Scalar source: SGPR, inline constant or literal.</Description>
                            <OperandPredefinedValues>
                                <PredefinedValue>
                                    <Name>literal</Name>
                                    <Description>A 32-bit literal follows the instruction.</Description>
                                    <Value>255</Value>
                                </PredefinedValue>
                            </OperandPredefinedValues>
                        </OperandType>
                        <OperandType IsPartitioned="false">
                            <OperandTypeName>OPR_VGPR</OperandTypeName>
                            <Description>A vector register.</Description>
                            <OperandPredefinedValues>
                                <PredefinedValue>
                                    <Name>v0</Name>
                                    <Description>VGPR 0.</Description>
                                    <Value>0</Value>
                                </PredefinedValue>
                            </OperandPredefinedValues>
                        </OperandType>
                        <OperandType IsPartitioned="true">
                            <OperandTypeName>OPR_WAITCNT</OperandTypeName>
                            <Description>A waitcnt operand specifying expcnt, lgkmcnt and vmcnt.</Description>
                            <MicrocodeFormat>
                                <BitMap>
                                    <Field IsConditional="false">
                                        <FieldName>EXP</FieldName>
                                        <Description>Export wait count.</Description>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>3</BitCount>
                                                <BitOffset>0</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                    <Field IsConditional="false">
                                        <FieldName>LGKM</FieldName>
                                        <Description>LGKM wait count.</Description>
                                        <BitLayout RangeCount="1">
                                            <Range Order="0">
                                                <BitCount>6</BitCount>
                                                <BitOffset>4</BitOffset>
                                            </Range>
                                        </BitLayout>
                                    </Field>
                                </BitMap>
                            </MicrocodeFormat>
                        </OperandType>
                    </OperandTypes>
                    <FunctionalGroups>
                        <FunctionalGroup>
                            <Name>SALU</Name>
                            <Description>Scalar ALU.</Description>
                        </FunctionalGroup>
                        <FunctionalGroup>
                            <Name>VALU</Name>
                            <Description>Vector ALU.</Description>
                        </FunctionalGroup>
                    </FunctionalGroups>
                    <FunctionalSubgroups>
                        <FunctionalSubgroup>
                            <Name>INTEGER</Name>
                            <Description>Integer arithmetic.</Description>
                        </FunctionalSubgroup>
                    </FunctionalSubgroups>
                </ISA>
            </Spec>
            """;

    // ------------------------------------------------------------------ the valid spec

    @Test
    void theMiniSpecLoadsCleanly() throws SpecLoadException {
        LoadResult r = load(MINI, DefectPolicy.strict());
        assertEquals(List.of(), r.problems());
        IsaSpec spec = r.spec();
        assertAll(
                () -> assertEquals(List.of("ENC_SOP1", "ENC_VOP3"), spec.encodings().stream().map(Encoding::name).toList()),
                () -> assertEquals(List.of("S_MOV_B32", "S_MOV_B64", "V_BFE_I32"),
                        spec.instructions().stream().map(Instruction::name).toList()),
                () -> assertEquals(4, spec.dataFormats().size()),
                () -> assertEquals(5, spec.operandTypes().size()),
                () -> assertEquals(2, spec.functionalGroups().size()),
                () -> assertEquals(1, spec.functionalSubgroups().size()),
                () -> assertEquals(2, spec.operandType("OPR_WAITCNT").orElseThrow().fields().size()),
                () -> assertEquals(529, spec.instruction("V_BFE_I32").orElseThrow()
                        .encoding("ENC_VOP3", "has_lit_0").orElseThrow().opcode(), "Radix 16 opcode 0x211"),
                () -> assertEquals(List.of("default", "has_lit_0"), spec.encoding("ENC_VOP3").orElseThrow()
                        .conditions().stream().map(EncodingCondition::name).toList()));
        // The identifiers really carry the opcodes through the OP field.
        Encoding vop3 = spec.encoding("ENC_VOP3").orElseThrow();
        Field op = vop3.field("OP").orElseThrow();
        assertEquals(List.of(529L, 530L), vop3.identifiers().stream().map(b -> op.extract(b.toDwords(), 0)).toList());
    }

    // ------------------------------------------------------------------ unreadable input

    @Test
    void truncatedFile() {
        String cut = MINI.substring(0, MINI.indexOf("<Opcode Radix=\"10\">1</Opcode>"));
        SpecProblem p = onlyError(fails(cut));
        assertEquals(ProblemKind.UNREADABLE, p.kind());
        assertTrue(p.message().startsWith("not well-formed XML"), p.message());
        assertEquals(lineCount(cut), p.location().line(), "the parse error is at the end of the input");
    }

    @Test
    void notXml() {
        SpecProblem p = onlyError(fails("This is a plain text file, not XML.\n"));
        assertEquals(ProblemKind.UNREADABLE, p.kind());
        assertEquals(1, p.location().line());
    }

    @Test
    void emptyFile() {
        SpecProblem p = onlyError(fails(""));
        assertEquals(ProblemKind.UNREADABLE, p.kind());
        assertEquals(1, p.location().line());
    }

    @Test
    void missingFilePath(@TempDir Path dir) {
        Path missing = dir.resolve("amdgpu_isa_rdna3.xml");
        assertThrows(IOException.class, () -> SpecSources.find(missing, List.of()));
        assertThrows(IOException.class, () -> new SpecLoader().loadAll(missing, List.of()));
        // A single path is opened lazily: the load fails with a located UNREADABLE error caused by the IOException.
        SpecLoadException e = assertThrows(SpecLoadException.class, () -> new SpecLoader().load(missing));
        SpecProblem p = onlyError(e);
        assertEquals(ProblemKind.UNREADABLE, p.kind());
        assertEquals(missing.toString(), p.location().file());
        assertInstanceOf(IOException.class, e.getCause());
    }

    @Test
    void wrongRoot() {
        String bad = MINI.replace("<Spec>", "<Specification>").replace("</Spec>", "</Specification>");
        SpecProblem p = onlyError(fails(bad));
        assertEquals(ProblemKind.WRONG_ROOT, p.kind());
        assertAt(p, tagAt(bad, bad.indexOf("<Specification>")));
    }

    @Test
    void billionLaughsIsRefusedWithoutExpansion() {
        StringBuilder dtd = new StringBuilder("<?xml version=\"1.0\"?>\n<!DOCTYPE Spec [\n");
        dtd.append(" <!ENTITY lol0 \"lol\">\n");
        for (int i = 1; i <= 9; i++) {
            dtd.append(" <!ENTITY lol").append(i).append(" \"").append(("&lol" + (i - 1) + ";").repeat(10))
                    .append("\">\n");
        }
        dtd.append("]>\n");
        String bad = dtd + MINI.substring(MINI.indexOf("<Spec>"))
                .replace("<Copyright>", "<Copyright>&lol9;");
        SpecLoadException e = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> fails(bad));
        SpecProblem p = onlyError(e);
        assertEquals(ProblemKind.UNREADABLE, p.kind());
        assertTrue(p.location().line() >= 2 && p.location().line() <= 13, "within the DOCTYPE: " + p);
        assertFalse(e.getMessage().contains("lollol"), e.getMessage());
        assertTrue(p.message().contains("DOCTYPE"), p::toString);
        assertTrue(e.getMessage().length() < 2_000, "no expanded text in the message");
    }

    @Test
    void externalEntityIsNotRead(@TempDir Path dir) throws IOException {
        Path secret = dir.resolve("secret.txt");
        Files.writeString(secret, "AMDISA-SECRET-7f3a");
        for (String uri : List.of("file:///etc/passwd", secret.toUri().toString())) {
            String bad = "<?xml version=\"1.0\"?>\n<!DOCTYPE Spec [\n <!ENTITY x SYSTEM \"" + uri + "\">\n]>\n"
                    + MINI.substring(MINI.indexOf("<Spec>")).replace("<Copyright>", "<Copyright>&x;");
            SpecLoadException e = fails(bad);
            SpecProblem p = onlyError(e);
            assertEquals(ProblemKind.UNREADABLE, p.kind());
            assertTrue(p.location().line() >= 2 && p.location().line() <= 4, "within the DOCTYPE: " + p);
            String everything = e.getMessage() + e.problems();
            assertFalse(everything.contains("AMDISA-SECRET"), everything);
            assertFalse(everything.contains("root:"), everything);
        }
    }

    // ------------------------------------------------------------------ missing parts

    @Test
    void missingDocument() {
        String bad = cut(MINI, "    <Document>", "</Document>\n");
        SpecProblem p = onlyError(fails(bad));
        assertEquals(ProblemKind.MISSING_ELEMENT, p.kind());
        assertEquals("missing <Document>", p.message());
        assertAt(p, tagAt(bad, bad.indexOf("<Spec>")));
    }

    @Test
    void missingArchitecture() {
        String bad = cut(MINI, "        <Architecture>", "</Architecture>\n");
        SpecProblem p = onlyError(fails(bad));
        assertEquals(ProblemKind.MISSING_ELEMENT, p.kind());
        assertEquals("missing <Architecture>", p.message());
        assertAt(p, tagAt(bad, bad.indexOf("<ISA>")));
    }

    // ------------------------------------------------------------------ cross references

    @Test
    void unknownEncodingName() {
        Edit e = edit(MINI, "<InstructionName>S_MOV_B64<", "<EncodingName>ENC_SOP1<", "<EncodingName>ENC_SOPX<");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.UNKNOWN_ENCODING, p.kind());
        assertAt(p, enclosing(e, "InstructionEncoding"));
        assertNames(p, "S_MOV_B64", "ENC_SOPX");
    }

    @Test
    void unknownCondition() {
        Edit e = edit(MINI, "<InstructionName>S_MOV_B64<", "<EncodingCondition>default<",
                "<EncodingCondition>has_lit_9<");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.UNKNOWN_CONDITION, p.kind());
        assertAt(p, enclosing(e, "InstructionEncoding"));
        assertNames(p, "S_MOV_B64", "ENC_SOP1");
    }

    @Test
    void unknownOperandField() {
        Edit e = edit(MINI, "<InstructionName>V_BFE_I32<", "<FieldName>SRC2<", "<FieldName>SRC3<");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.UNKNOWN_FIELD, p.kind());
        assertAt(p, enclosing(e, "Operand"));
        assertNames(p, "V_BFE_I32", "ENC_VOP3");
    }

    @Test
    void unknownOperandType() {
        Edit e = edit(MINI, "<InstructionName>S_MOV_B32<", "<OperandType>OPR_SSRC<", "<OperandType>OPR_SSRC_X<");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.UNKNOWN_OPERAND_TYPE, p.kind());
        assertAt(p, enclosing(e, "Operand"));
        assertNames(p, "S_MOV_B32", "ENC_SOP1");
    }

    @Test
    void unknownDataFormat() {
        Edit e = edit(MINI, "<InstructionName>S_MOV_B64<", "<DataFormatName>FMT_NUM_B64<",
                "<DataFormatName>FMT_NUM_B128<");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.UNKNOWN_DATA_FORMAT, p.kind());
        assertAt(p, enclosing(e, "Operand"));
        assertNames(p, "S_MOV_B64", "ENC_SOP1");
    }

    // ------------------------------------------------------------------ numbers and widths

    @Test
    void badRadixAttributeOnAMask() {
        Edit e = edit(MINI, null, "<EncodingIdentifierMask Radix=\"2\">1111111110",
                "<EncodingIdentifierMask Radix=\"3\">1111111110");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.BAD_NUMBER, p.kind());
        assertAt(p, tagAt(e.text(), e.at()));
        assertNames(p, null, "ENC_SOP1");
    }

    @Test
    void badRadixAttributeOnAnOpcode() {
        Edit e = edit(MINI, "<InstructionName>S_MOV_B64<", "<Opcode Radix=\"10\">", "<Opcode Radix=\"12\">");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.BAD_NUMBER, p.kind());
        assertAt(p, tagAt(e.text(), e.at()));
        assertNames(p, "S_MOV_B64", "ENC_SOP1");
    }

    @Test
    void badDigitsInAnIdentifier() {
        Edit e = edit(MINI, null, "<EncodingIdentifier Radix=\"2\">10111110100000000000000100000000<",
                "<EncodingIdentifier Radix=\"2\">10111110100000000000000200000000<");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.BAD_NUMBER, p.kind());
        assertAt(p, tagAt(e.text(), e.at()));
        assertNames(p, null, "ENC_SOP1");
    }

    @Test
    void badDigitsInAHexOpcode() {
        Edit e = edit(MINI, null, "<Opcode Radix=\"16\">0x211<", "<Opcode Radix=\"16\">0x2G1<");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.BAD_NUMBER, p.kind());
        assertAt(p, tagAt(e.text(), e.at()));
        assertNames(p, "V_BFE_I32", "ENC_VOP3");
    }

    @Test
    void maskWidthDiffersFromBitCount() {
        // 31 binary digits for a 32-bit encoding
        Edit e = edit(MINI, null, "<EncodingIdentifierMask Radix=\"2\">11111111100000001111111100000000<",
                "<EncodingIdentifierMask Radix=\"2\">1111111100000001111111100000000<");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.WIDTH_MISMATCH, p.kind());
        assertAt(p, tagAt(e.text(), e.at()));
        assertNames(p, null, "ENC_SOP1");
    }

    @Test
    void identifierOutsideTheMask() {
        Edit e = edit(MINI, null, "<EncodingIdentifier Radix=\"2\">10111110100000000000000100000000<",
                "<EncodingIdentifier Radix=\"2\">10111110100000000000000100000001<");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.IDENTIFIER_OUTSIDE_MASK, p.kind());
        assertAt(p, tagAt(e.text(), e.at()));
        assertNames(p, null, "ENC_SOP1");
    }

    @Test
    void opcodeMissingFromTheIdentifiers() {
        Edit e = edit(MINI, "<InstructionName>S_MOV_B64<", "<Opcode Radix=\"10\">1<", "<Opcode Radix=\"10\">2<");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.OPCODE_NOT_IN_IDENTIFIERS, p.kind());
        assertAt(p, enclosing(e, "InstructionEncoding"));
        assertNames(p, "S_MOV_B64", "ENC_SOP1");
    }

    // ------------------------------------------------------------------ fields

    @Test
    void partiallyOverlappingFields() {
        Edit e = addVop3Field("X", 4, 6); // bits 6..9: half in VDST (0..7), half in ABS (8..10)
        SpecLoadException ex = fails(e.text());
        List<SpecProblem> errors = ex.errors();
        assertEquals(2, errors.size(), errors::toString);
        for (SpecProblem p : errors) {
            assertEquals(ProblemKind.OVERLAPPING_FIELDS, p.kind());
            assertEquals(Severity.ERROR, p.severity());
            assertAt(p, tagAt(e.text(), e.at()));
            assertNames(p, null, "ENC_VOP3");
        }
        assertTrue(errors.get(0).message().contains("VDST") && errors.get(1).message().contains("ABS"),
                errors::toString);
    }

    @Test
    void aFieldInsideAnotherIsAnAliasViewAndAccepted() throws SpecLoadException {
        // As AMD's VOP3P_MFMA, where CBSZ occupies exactly NEG_HI's bits; and a one-bit view inside ABS.
        String text = addVop3Field("NEG_HI", 3, 8).text();
        text = edit(text, "<FieldName>NEG_HI<", "</Field>", "</Field>\n" + fieldXml("ABS_0", 1, 8)).text();
        LoadResult r = load(text, DefectPolicy.strict());
        assertEquals(List.of(), r.problems());
        Encoding vop3 = r.spec().encoding("ENC_VOP3").orElseThrow();
        assertEquals(3, vop3.field("NEG_HI").orElseThrow().width());
        assertEquals(8, vop3.field("ABS_0").orElseThrow().lowestBit());
    }

    @Test
    void fieldBeyondBitCount() {
        Edit e = edit(MINI, "<Description>Must be 0b101111101.<", "<BitOffset>23<", "<BitOffset>24<"); // 24..32
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.FIELD_OUT_OF_RANGE, p.kind());
        assertAt(p, enclosing(e, "Range"));
        assertNames(p, null, "ENC_SOP1");
    }

    @Test
    void rangeCountMismatch() {
        Edit e = edit(MINI, "<Description>Vector ALU operations requiring three sources or modifiers.<",
                "<FieldName>OP</FieldName>\n"
                + "                            <BitLayout RangeCount=\"1\">", "<FieldName>OP</FieldName>\n"
                + "                            <BitLayout RangeCount=\"2\">");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.RANGE_COUNT_MISMATCH, p.kind());
        assertAt(p, enclosing(e, "Field"));
        assertNames(p, null, "ENC_VOP3");
    }

    // ------------------------------------------------------------------ duplicates

    @Test
    void duplicateInstruction() {
        Edit e = edit(MINI, null, "<InstructionName>S_MOV_B64<", "<InstructionName>S_MOV_B32<");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.DUPLICATE_INSTRUCTION, p.kind());
        assertAt(p, enclosing(e, "Instruction"));
        assertNames(p, "S_MOV_B32", null);
        assertTrue(p.message().contains("first at line " + tagAt(MINI, MINI.indexOf("<Instruction>")).line()),
                p.message());
    }

    @Test
    void duplicateDataFormat() {
        String i32 = block(MINI, "            <DataFormat>\n                <DataFormatName>FMT_NUM_I32<",
                "</DataFormat>\n");
        Edit e = edit(MINI, null, "        </DataFormats>", i32 + "        </DataFormats>");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.DUPLICATE_NAME, p.kind());
        assertAt(p, tagAt(e.text(), e.at() + "            ".length()));
        assertTrue(p.message().contains("FMT_NUM_I32"), p.message());
    }

    @Test
    void duplicateOperandOrder() {
        Edit e = edit(MINI, "<InstructionName>V_BFE_I32<", "Order=\"3\"", "Order=\"2\"");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.DUPLICATE_OPERAND_ORDER, p.kind());
        assertAt(p, enclosing(e, "Operand"));
        assertNames(p, "V_BFE_I32", "ENC_VOP3");
    }

    @Test
    void duplicateEncodingDeclarationWarnsAndKeepsTheFirst() throws SpecLoadException {
        String second = block(MINI, "            <Encoding Order=\"-1\">", "</Encoding>\n")
                .replace("Scalar ALU operations with one source and one destination.", "A second declaration.");
        Edit e = edit(MINI, null, "        </Encodings>", second + "        </Encodings>");
        LoadResult r = load(e.text(), DefectPolicy.defaults());
        SpecProblem p = only(r.problems());
        assertEquals(ProblemKind.DUPLICATE_ENCODING, p.kind());
        assertEquals(Severity.WARNING, p.severity());
        assertAt(p, tagAt(e.text(), e.at() + "            ".length()));
        assertNames(p, null, "ENC_SOP1");
        assertEquals(2, r.spec().encodings().size());
        assertEquals("Scalar ALU operations with one source and one destination.",
                r.spec().encoding("ENC_SOP1").orElseThrow().description());
        // Strict: the same defect fails the load.
        SpecProblem strict = onlyError(fails(e.text(), DefectPolicy.strict()));
        assertEquals(ProblemKind.DUPLICATE_ENCODING, strict.kind());
    }

    @Test
    void unknownSchemaVersionWarnsAndLoads() throws SpecLoadException {
        Edit e = edit(MINI, null, "<SchemaVersion>1.1.1<", "<SchemaVersion>9.0.0<");
        LoadResult r = load(e.text(), DefectPolicy.defaults());
        SpecProblem p = only(r.problems());
        assertEquals(ProblemKind.UNKNOWN_SCHEMA_VERSION, p.kind());
        assertEquals(Severity.WARNING, p.severity());
        assertAt(p, enclosing(e, "Document"));
        assertEquals("9.0.0", r.spec().document().schemaVersion());
        assertEquals(ProblemKind.UNKNOWN_SCHEMA_VERSION, onlyError(fails(e.text(), DefectPolicy.strict())).kind());
    }

    @Test
    void emptyPredefinedValueWarnsAndIsLeftOut() throws SpecLoadException {
        Edit e = edit(MINI, "<Name>vcc_lo</Name>", "<Value>106</Value>", "<Value/>");
        LoadResult r = load(e.text(), DefectPolicy.defaults());
        SpecProblem p = only(r.problems());
        assertEquals(ProblemKind.EMPTY_VALUE, p.kind());
        assertEquals(Severity.WARNING, p.severity());
        assertAt(p, enclosing(e, "PredefinedValue"));
        assertEquals(Optional.empty(), r.spec().operandType("OPR_SDST").orElseThrow().value("vcc_lo"));
        assertEquals(0, r.spec().operandType("OPR_SDST").orElseThrow().value("s0").orElseThrow().value());
    }

    @Test
    void duplicateConditionWarnsAndKeepsTheFirst() throws SpecLoadException {
        String cond = block(MINI, "                    <EncodingCondition>", "</EncodingCondition>\n");
        Edit e = edit(MINI, null, cond, cond + cond.replace("!=", "=="));
        LoadResult r = load(e.text(), DefectPolicy.defaults());
        SpecProblem p = only(r.problems());
        assertEquals(ProblemKind.DUPLICATE_CONDITION, p.kind());
        assertEquals(Severity.WARNING, p.severity());
        assertNames(p, null, "ENC_SOP1");
        var kept = r.spec().encoding("ENC_SOP1").orElseThrow().conditions();
        assertEquals(1, kept.stream().filter(c -> c.name().equals("default")).count());
        assertTrue(kept.get(0).expression().toString().contains("!="), kept.get(0).expression()::toString);
    }

    @Test
    void bitCountThatIsNotAWholeNumberOfDwords() {
        Edit e = edit(MINI, "<Encoding Order=\"-1\">", "<BitCount>32<", "<BitCount>24<");
        SpecLoadException ex = fails(e.text());
        assertTrue(ex.errors().stream().anyMatch(p -> p.kind() == ProblemKind.WIDTH_MISMATCH
                && p.message().contains("BitCount 24")), ex::getMessage);
    }

    // ------------------------------------------------------------------ values

    @Test
    void badBooleanFlag() {
        Edit e = edit(MINI, "<InstructionName>S_MOV_B64<", "<IsImmediatelyExecuted>FALSE<",
                "<IsImmediatelyExecuted>FASLE<");
        // The flags come before the name; edit the V_BFE_I32 block's, which follows S_MOV_B64.
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.BAD_BOOLEAN, p.kind());
        assertAt(p, enclosing(e, "InstructionFlags"));
        assertNames(p, "V_BFE_I32", null);
    }

    @Test
    void badBooleanAttribute() {
        Edit e = edit(MINI, "<InstructionName>S_MOV_B32<", "Input=\"true\"", "Input=\"yes\"");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.BAD_BOOLEAN, p.kind());
        assertAt(p, enclosing(e, "Operand"));
        assertNames(p, "S_MOV_B32", null);
    }

    @Test
    void badSignedness() {
        Edit e = edit(MINI, null, "<Field Signedness=\"Signed\">", "<Field Signedness=\"signed\">");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.BAD_ENUM, p.kind());
        assertAt(p, tagAt(e.text(), e.at()));
    }

    // ------------------------------------------------------------------ conditions

    @Test
    void unknownOperatorInACondition() {
        Edit e = edit(MINI, null, "<op type=\"==\">", "<op type=\"===\">");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.UNKNOWN_OPERATOR, p.kind());
        assertAt(p, tagAt(e.text(), e.at()));
        assertNames(p, null, "ENC_VOP3");
    }

    @Test
    void conditionReferringToAMissingField() {
        Edit e = edit(MINI, "<ConditionName>has_lit_0<", "<id val=\"SRC0\"/>", "<id val=\"SRC9\"/>");
        SpecProblem p = onlyError(fails(e.text()));
        assertEquals(ProblemKind.UNKNOWN_FIELD, p.kind());
        assertAt(p, enclosing(e, "EncodingCondition"));
        assertNames(p, null, "ENC_VOP3");
        assertTrue(p.message().contains("INST.VOP3.SRC9"), p.message());
    }

    @Test
    void emptyConditionUnderEachPolicy() throws SpecLoadException {
        String expression = block(MINI.substring(MINI.indexOf("<ConditionName>has_lit_0<")),
                "                        <CondtionExpression>", "</CondtionExpression>\n");
        Edit e = edit(MINI, "<ConditionName>has_lit_0<", expression,
                "                        <CondtionExpression/>\n");
        Pos where = enclosing(e, "EncodingCondition");

        // default: WARN, and the condition reads as always true
        LoadResult warned = load(e.text(), DefectPolicy.defaults());
        SpecProblem w = only(warned.problems());
        assertEquals(ProblemKind.EMPTY_CONDITION, w.kind());
        assertEquals(Severity.WARNING, w.severity());
        assertAt(w, where);
        assertNames(w, null, "ENC_VOP3");
        Encoding vop3 = warned.spec().encoding("ENC_VOP3").orElseThrow();
        Expr always = vop3.condition("has_lit_0").orElseThrow().expression();
        assertEquals(Expr.alwaysTrue(), always);
        assertTrue(ExprEvaluator.holds(always, vop3, new int[] {0, 0}, 0));
        assertTrue(ExprEvaluator.holds(always, vop3, new int[] {-1, -1}, 0));

        // strict: FAIL
        SpecProblem f = onlyError(fails(e.text(), DefectPolicy.strict()));
        assertEquals(ProblemKind.EMPTY_CONDITION, f.kind());
        assertAt(f, where);

        // IGNORE: loads, and the problem is kept with severity IGNORED
        LoadResult ignored = load(e.text(), DefectPolicy.defaults().with(ProblemKind.EMPTY_CONDITION,
                DefectAction.IGNORE));
        SpecProblem i = only(ignored.problems());
        assertEquals(Severity.IGNORED, i.severity());
        assertEquals(ProblemKind.EMPTY_CONDITION, i.kind());
        assertEquals(List.of(), ignored.warnings());
        assertEquals(Expr.alwaysTrue(),
                ignored.spec().encoding("ENC_VOP3").orElseThrow().condition("has_lit_0").orElseThrow().expression());
    }

    // ------------------------------------------------------------------ newer releases

    @Test
    void unknownElementInsideAnInstructionWarnsAndKeepsTheData() throws SpecLoadException {
        String semantics = "                <InstructionSemantics>\n"
                + "                    <op type=\"=\"><id val=\"D\"/><id val=\"S0\"/></op>\n"
                + "                </InstructionSemantics>\n";
        Edit e = edit(MINI, "<InstructionName>S_MOV_B64<", "                <InstructionEncodings>",
                semantics + "                <InstructionEncodings>");
        LoadResult r = load(e.text(), DefectPolicy.defaults());
        SpecProblem p = only(r.problems());
        assertEquals(ProblemKind.UNKNOWN_ELEMENT, p.kind());
        assertEquals(Severity.WARNING, p.severity());
        assertAt(p, tagAt(e.text(), e.at() + "                ".length()));
        assertTrue(p.message().contains("InstructionSemantics"), p.message());
        assertSameContent(cleanSpec(), r.spec());
    }

    @Test
    void unknownSectionUnderIsaWarnsAndKeepsTheData() throws SpecLoadException {
        String section = "        <RegisterFiles>\n"
                + "            <RegisterFile><Name>VGPR</Name><Count>256</Count></RegisterFile>\n"
                + "        </RegisterFiles>\n";
        Edit e = edit(MINI, null, "        <DataFormats>", section + "        <DataFormats>");
        LoadResult r = load(e.text(), DefectPolicy.defaults());
        SpecProblem p = only(r.problems());
        assertEquals(ProblemKind.UNKNOWN_ELEMENT, p.kind());
        assertEquals(Severity.WARNING, p.severity());
        assertAt(p, tagAt(e.text(), e.at() + "        ".length()));
        assertEquals("Spec/ISA/RegisterFiles", p.location().elementPath());
        assertSameContent(cleanSpec(), r.spec());
    }

    // ------------------------------------------------------------------ the exception

    @Test
    void theExceptionMessageListsEveryErrorWithItsPosition(@TempDir Path dir) throws IOException {
        String text = edit(MINI, "<InstructionName>S_MOV_B64<", "<EncodingName>ENC_SOP1<", "<EncodingName>ENC_X<")
                .text();
        text = edit(text, "<InstructionName>V_BFE_I32<", "<DataFormatName>FMT_NUM_U32<",
                "<DataFormatName>FMT_NUM_U33<").text();
        text = edit(text, null, "<Field Signedness=\"Unsigned\">", "<Field Signedness=\"Positive\">").text();
        Path file = dir.resolve("amdgpu_isa_rdna3.xml");
        Files.writeString(file, text);
        SpecLoadException e = assertThrows(SpecLoadException.class, () -> new SpecLoader().load(file));
        assertEquals(3, e.errors().size(), e.errors()::toString);
        assertTrue(e.getMessage().startsWith("Cannot load ISA spec " + file + ": 3 error(s)"), e.getMessage());
        for (SpecProblem p : e.errors()) {
            String position = file + ":" + p.location().line() + ":" + p.location().column() + ": error: "
                    + p.kind();
            assertTrue(p.location().line() > 0 && p.location().column() > 0, p::toString);
            assertTrue(e.getMessage().contains(position), () -> position + " in " + e.getMessage());
            assertTrue(e.getMessage().contains(p.toString()), p::toString);
        }
    }

    // ================================================================== helpers

    private static IsaSpec cleanSpec() throws SpecLoadException {
        return load(MINI, DefectPolicy.strict()).spec();
    }

    private static SpecFile specFile(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return new SpecFile(FILE, Optional.empty(), () -> new ByteArrayInputStream(bytes));
    }

    static LoadResult load(String text, DefectPolicy policy) throws SpecLoadException {
        return new SpecLoader(policy).load(specFile(text));
    }

    private static SpecLoadException fails(String text) {
        return fails(text, DefectPolicy.defaults());
    }

    private static SpecLoadException fails(String text, DefectPolicy policy) {
        return assertThrows(SpecLoadException.class, () -> load(text, policy));
    }

    /** The single error of a failed load, which must carry ERROR severity and this test's file name. */
    private static SpecProblem onlyError(SpecLoadException e) {
        assertEquals(1, e.errors().size(), e::getMessage);
        assertEquals(e.errors(), e.problems(), "no warnings expected besides the error");
        SpecProblem p = e.errors().get(0);
        assertEquals(Severity.ERROR, p.severity());
        assertNotNull(p.location());
        return p;
    }

    private static SpecProblem only(List<SpecProblem> problems) {
        assertEquals(1, problems.size(), problems::toString);
        return problems.get(0);
    }

    private static void assertNames(SpecProblem p, String instruction, String encoding) {
        assertEquals(Optional.ofNullable(instruction), p.instruction(), "instruction of " + p);
        assertEquals(Optional.ofNullable(encoding), p.encoding(), "encoding of " + p);
    }

    /** A line and column as the loader reports an element: its start tag's line, the column after its {@code >}. */
    record Pos(int line, int column) {
    }

    private static void assertAt(SpecProblem p, Pos expected) {
        assertEquals(FILE, p.location().file(), p::toString);
        assertEquals(expected, new Pos(p.location().line(), p.location().column()), p::toString);
    }

    /** The position of the start tag beginning at {@code index} (which must be its {@code <}). */
    static Pos tagAt(String text, int index) {
        assertEquals('<', text.charAt(index), () -> "no tag at " + index + ": " + text.substring(index));
        int lineStart = text.lastIndexOf('\n', index - 1) + 1;
        int line = (int) text.substring(0, index).chars().filter(c -> c == '\n').count() + 1;
        int gt = text.indexOf('>', index);
        return new Pos(line, gt - lineStart + 2);
    }

    /** The position of the nearest {@code <element>} start tag at or before an edit. */
    static Pos enclosing(Edit e, String element) {
        int a = e.text().lastIndexOf("<" + element + ">", e.at());
        int b = e.text().lastIndexOf("<" + element + " ", e.at());
        return tagAt(e.text(), Math.max(a, b));
    }

    private static int lineCount(String text) {
        return (int) text.chars().filter(c -> c == '\n').count() + 1;
    }

    /** An edited text and where the replacement starts. */
    record Edit(String text, int at) {
    }

    /**
     * Replaces the first {@code old} after the unique {@code anchor} (or the unique {@code old} when the anchor is
     * null). Fails when there is nothing to edit, so a typo cannot turn a test into a no-op.
     */
    static Edit edit(String text, String anchor, String old, String replacement) {
        int from = 0;
        if (anchor == null) {
            assertEquals(text.indexOf(old), text.lastIndexOf(old), () -> "'" + old + "' is not unique");
        } else {
            from = text.indexOf(anchor);
            assertTrue(from >= 0, () -> "no anchor " + anchor);
            assertEquals(from, text.lastIndexOf(anchor), () -> "anchor '" + anchor + "' is not unique");
        }
        int at = text.indexOf(old, from);
        assertTrue(at >= 0, () -> "nothing to edit: " + old);
        return new Edit(text.substring(0, at) + replacement + text.substring(at + old.length()), at);
    }

    /** The text from {@code start} up to and including the next {@code end}. */
    static String block(String text, String start, String end) {
        int s = text.indexOf(start);
        assertTrue(s >= 0, () -> "no " + start);
        int e = text.indexOf(end, s);
        assertTrue(e >= 0, () -> "no " + end);
        return text.substring(s, e + end.length());
    }

    /** The text without the block from {@code start} to {@code end}. */
    static String cut(String text, String start, String end) {
        return text.replace(block(text, start, end), "");
    }

    private static String fieldXml(String name, int count, int offset) {
        return """
                                <Field IsConditional="false">
                                    <FieldName>%s</FieldName>
                                    <BitLayout RangeCount="1">
                                        <Range Order="0">
                                            <BitCount>%d</BitCount>
                                            <BitOffset>%d</BitOffset>
                                        </Range>
                                    </BitLayout>
                                </Field>""".formatted(name, count, offset).stripTrailing();
    }

    /** MINI with one more field at the end of ENC_VOP3's bit map; the edit points at its {@code <Field>}. */
    private static Edit addVop3Field(String name, int count, int offset) {
        Edit e = edit(MINI, "<FieldName>NEG<", "</Field>", "</Field>\n" + fieldXml(name, count, offset));
        int fieldAt = e.text().indexOf("<Field ", e.at());
        return new Edit(e.text(), fieldAt);
    }

    /** Everything a generator reads is the same in both specs (locations aside). */
    private static void assertSameContent(IsaSpec expected, IsaSpec actual) {
        assertEquals(expected.document(), actual.document());
        assertEquals(expected.architecture(), actual.architecture());
        assertEquals(expected.encodings().size(), actual.encodings().size());
        for (int i = 0; i < expected.encodings().size(); i++) {
            Encoding a = expected.encodings().get(i);
            Encoding b = actual.encodings().get(i);
            assertEquals(a.name(), b.name());
            assertEquals(a.identifiers(), b.identifiers());
            assertEquals(a.identifierMask(), b.identifierMask());
            assertEquals(a.fields().stream().map(f -> f.name() + f.ranges()).toList(),
                    b.fields().stream().map(f -> f.name() + f.ranges()).toList());
            assertEquals(a.conditions().stream().map(c -> c.name() + c.expression()).toList(),
                    b.conditions().stream().map(c -> c.name() + c.expression()).toList());
        }
        assertEquals(expected.instructions().size(), actual.instructions().size());
        for (int i = 0; i < expected.instructions().size(); i++) {
            Instruction a = expected.instructions().get(i);
            Instruction b = actual.instructions().get(i);
            assertEquals(a.name(), b.name());
            assertEquals(a.description(), b.description());
            assertEquals(a.flags(), b.flags());
            assertEquals(a.group(), b.group());
            assertEquals(a.encodings().size(), b.encodings().size());
            for (int j = 0; j < a.encodings().size(); j++) {
                var x = a.encodings().get(j);
                var y = b.encodings().get(j);
                assertEquals(x.encodingName() + "/" + x.conditionName() + "/" + x.opcode(),
                        y.encodingName() + "/" + y.conditionName() + "/" + y.opcode());
                assertEquals(x.operands().stream().map(o -> o.fieldName() + o.dataFormat() + o.operandType()
                        + o.size() + o.order() + o.input() + o.output()).toList(),
                        y.operands().stream().map(o -> o.fieldName() + o.dataFormat() + o.operandType()
                        + o.size() + o.order() + o.input() + o.output()).toList());
            }
        }
        assertEquals(expected.dataFormats().stream().map(d -> d.name() + d.components()).toList(),
                actual.dataFormats().stream().map(d -> d.name() + d.components()).toList());
        assertEquals(expected.operandTypes().stream().map(t -> t.name() + t.predefinedValues()).toList(),
                actual.operandTypes().stream().map(t -> t.name() + t.predefinedValues()).toList());
        assertEquals(expected.functionalGroups(), actual.functionalGroups());
        assertEquals(expected.functionalSubgroups(), actual.functionalSubgroups());
    }
}
